'use client';

import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/**
 * Drag-and-drop and paste of files onto the composer. Dragging shows a drop target; a paste with
 * files and no plain text attaches the files (a paste with text stays a text paste: copying from
 * office programs puts both on the clipboard).
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter/leave fire for every child crossed: count them so the target does not flicker.
  const depth = useRef(0);
  return {
    dragging,
    dropHandlers: {
      onDragEnter: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave: (e: DragEvent) => {
        if (!hasFiles(e)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop: (e: DragEvent) => {
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        onFiles(Array.from(e.dataTransfer.files));
      },
    },
    onPaste: (e: ClipboardEvent) => {
      const files = Array.from(e.clipboardData.files);
      if (!files.length || e.clipboardData.getData('text/plain')) return;
      e.preventDefault();
      onFiles(files);
    },
  };
}
