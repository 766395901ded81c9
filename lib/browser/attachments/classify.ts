/** What an attached file is, from its name and media type (before reading it). */
export type FileKind =
  { kind: 'image' } | { kind: 'text'; language: string } | { kind: 'pdf' } | { kind: 'other' };

/** Image types every browser decodes and vision APIs take. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/** Extension → fence language for text files (empty: plain text). */
const TEXT_EXTENSIONS: Record<string, string> = {
  txt: '',
  text: '',
  log: '',
  md: 'markdown',
  markdown: 'markdown',
  csv: 'csv',
  tsv: 'tsv',
  json: 'json',
  jsonl: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  xml: 'xml',
  html: 'html',
  css: 'css',
  scss: 'scss',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  ts: 'typescript',
  tsx: 'tsx',
  py: 'python',
  rb: 'ruby',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  swift: 'swift',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  php: 'php',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  sql: 'sql',
  r: 'r',
  lua: 'lua',
  dart: 'dart',
  scala: 'scala',
  ini: 'ini',
  cfg: 'ini',
  env: '',
  dockerfile: 'dockerfile',
  makefile: 'makefile',
};

/** The extension of a file name, lower case (`Dockerfile` and `Makefile` count as their own). */
function extension(name: string): string {
  const base = name.split(/[\\/]/).at(-1)?.toLowerCase() ?? '';
  if (base === 'dockerfile' || base === 'makefile') return base;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}

/**
 * Classifies a file: images by media type, PDFs by type or extension, text by extension (browsers leave `type` empty for
 * most source files) or by a `text/*` or JSON media type. Anything else is refused with a message.
 */
export function classifyFile(name: string, type: string): FileKind {
  if (IMAGE_TYPES.has(type)) return { kind: 'image' };
  const ext = extension(name);
  if (type === 'application/pdf' || ext === 'pdf') return { kind: 'pdf' };
  if (ext in TEXT_EXTENSIONS) return { kind: 'text', language: TEXT_EXTENSIONS[ext]! };
  if (type.startsWith('text/') || type === 'application/json')
    return { kind: 'text', language: type === 'application/json' ? 'json' : '' };
  return { kind: 'other' };
}

/** What the "Attach files" picker offers (a hint: drops and pastes are classified the same way). */
export const ACCEPT = [
  ...IMAGE_TYPES,
  'text/*',
  'application/json',
  'application/pdf',
  '.pdf',
  ...Object.keys(TEXT_EXTENSIONS).map((e) => `.${e}`),
].join(',');
