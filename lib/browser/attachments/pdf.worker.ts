/**
 * pdf.js's worker (read-pdf.ts): the module sets itself up on the worker's port when it loads.
 * A file of this repository, so the bundler builds it from this origin like the highlighting
 * worker.
 */
import 'pdfjs-dist/build/pdf.worker.min.mjs';
