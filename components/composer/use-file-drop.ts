'use client';

import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/** How long after the last `dragover` a drag counts as gone (it fires every ~50 ms while over). */
const DRAG_GONE_MS = 200;

const carriesFiles = (e: globalThis.DragEvent) =>
  Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Files dropped anywhere on the page are attached, not opened by the browser in place of the chat:
 * the composer shows its drop target while files are dragged over the page.
 */
function useDropAnywhere(onFiles: (files: File[]) => void, setDragging: (on: boolean) => void) {
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  }, [onFiles]);
  useEffect(() => {
    let gone: ReturnType<typeof setTimeout> | undefined;
    const over = (e: globalThis.DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
      setDragging(true);
      clearTimeout(gone);
      gone = setTimeout(() => setDragging(false), DRAG_GONE_MS);
    };
    const dropped = (e: globalThis.DragEvent) => {
      // Dropped on the composer itself: its own handler took the files.
      if (e.defaultPrevented || !carriesFiles(e)) return;
      e.preventDefault();
      clearTimeout(gone);
      setDragging(false);
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length) latest.current(files);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', dropped);
    return () => {
      clearTimeout(gone);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', dropped);
    };
  }, [setDragging]);
}

/**
 * Drag-and-drop and paste of files onto the composer, and drops anywhere on the page. Dragging
 * shows a drop target; a paste with files and no plain text attaches the files (a paste with text
 * stays a text paste: copying from office programs puts both on the clipboard).
 */
export function useFileDrop(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  // dragenter/leave fire for every child crossed: count them so the target does not flicker.
  const depth = useRef(0);
  useDropAnywhere(onFiles, setDragging);
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
