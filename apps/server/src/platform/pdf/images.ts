/** Image formats react-pdf draws (a logo in another format is left out of the document). */
export const PDF_IMAGE_TYPES: Record<string, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
