import { DEVICE_ID_PATTERN } from '@fs/contract';

const KEY = 'fs.deviceId';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random alphanumerics; crypto.getRandomValues works in insecure contexts too. */
export function randomAlphanumeric(length: number): string {
  const bytes = new Uint8Array(length);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** The device id: 16 random alphanumerics, made once and kept in localStorage. */
export function getDeviceId(): string {
  const stored = localStorage.getItem(KEY);
  if (stored && DEVICE_ID_PATTERN.test(stored)) return stored;
  const id = randomAlphanumeric(16);
  localStorage.setItem(KEY, id);
  return id;
}
