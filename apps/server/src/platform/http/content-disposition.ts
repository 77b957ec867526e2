/**
 * A Content-Disposition value that cannot break the header (RFC 6266): an ASCII fallback
 * `filename` without quotes, backslashes, separators or control characters, plus the exact
 * name as RFC 5987 `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;/]/g, '_') || 'file';
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${exact}`;
}
