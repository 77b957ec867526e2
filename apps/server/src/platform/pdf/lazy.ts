/**
 * The PDF renderer and React, loaded on first use: `@react-pdf/renderer` costs about a second of start-up,
 * which a restart should not pay for documents nobody asked for yet (the server's bundle keeps each
 * document in its own chunk, scripts/build.mjs). A document module is loaded with it by its caller.
 */
export async function loadPdfRenderer() {
  const [{ createElement }, { renderPdf }] = await Promise.all([import('react'), import('./render.js')]);
  return { createElement, renderPdf };
}
