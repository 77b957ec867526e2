import { describe, expect, it } from 'vitest';
import { degreesError, parseDegrees, parsePair } from './position';

describe('coordinates typed by hand', () => {
  it('reads decimal degrees with a dot or a comma', () => {
    expect(parseDegrees('45.4642')).toBe(45.4642);
    expect(parseDegrees(' 45,4642 ')).toBe(45.4642);
    expect(parseDegrees('-9')).toBe(-9);
    expect(parseDegrees('45.46.42')).toBeNull();
    expect(parseDegrees('45°27′')).toBeNull();
    expect(parseDegrees('')).toBeNull();
  });

  it('splits a pair pasted from a map, and nothing else', () => {
    expect(parsePair('45.4642, 9.1900')).toEqual({ latitude: '45.4642', longitude: '9.1900' });
    expect(parsePair('45,4642 9,19')).toEqual({ latitude: '45,4642', longitude: '9,19' });
    expect(parsePair('41.9;12.5')).toEqual({ latitude: '41.9', longitude: '12.5' });
    expect(parsePair('45.4642')).toBeNull();
    expect(parsePair('95.1, 9.2')).toBeNull();
    expect(parsePair('45,4642')).toBeNull();
    expect(parsePair('45,46')).toBeNull();
  });

  it('names what is wrong: missing, not a number, out of range', () => {
    expect(degreesError('', 90)).toBe('required');
    expect(degreesError('abc', 90)).toBe('invalid');
    expect(degreesError('91', 90)).toBe('range');
    expect(degreesError('-180', 180)).toBeNull();
    expect(degreesError('180,5', 180)).toBe('range');
  });
});
