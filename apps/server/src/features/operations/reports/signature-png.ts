import { SIGNATURE_MAX_BYTES } from '@fs/contract';
import { AppError } from '../../../platform/errors.js';
import { decodePng, PngError } from '../../../platform/png.js';

/** A signature's image: the customer's (signature.ts) and a technician's own (the printed report, pdf.ts). */

const badPng = (message: string) => new AppError('VALIDATION', message, [{ path: 'png', message }]);

/** Largest width and height of a signature, in pixels. */
const SIGNATURE_MAX_SIDE = 4096;

/**
 * The bytes of a signature: a data URL or bare base64 of a real PNG, at most SIGNATURE_MAX_BYTES,
 * decoded to check it (platform/png.ts: every chunk with its CRC, the image data inflating to exactly
 * width x height pixels with valid scanline filters; a PNG header in front of anything else is refused).
 */
export function pngBytes(png: string): Buffer {
  const bytes = Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', `La firma supera ${Math.round(SIGNATURE_MAX_BYTES / 1024)} KB`);
  }
  try {
    decodePng(bytes, SIGNATURE_MAX_SIDE);
  } catch (e) {
    if (!(e instanceof PngError)) throw e;
    throw badPng(
      e.message === 'bad size' ? 'Dimensioni della firma non valide' : "La firma non è un'immagine PNG valida",
    );
  }
  return bytes;
}
