import { describe, expect, it } from 'vitest';
import {
  decodeArcs,
  ringArea,
  roundLine,
  simplifyLine,
  topologyToFeatures,
  type Position,
  type Topology,
} from './geometry';

describe('simplifyLine (Douglas–Peucker)', () => {
  it('drops points within the tolerance and keeps the ends', () => {
    const line: Position[] = [
      [0, 0],
      [1, 0.001],
      [2, -0.001],
      [3, 0],
    ];
    expect(simplifyLine(line, 0.01)).toEqual([
      [0, 0],
      [3, 0],
    ]);
  });

  it('keeps a point farther than the tolerance, and what makes it so on each side', () => {
    const line: Position[] = [
      [0, 0],
      [1, 0.502],
      [2, 1],
      [3, 0.502],
      [4, 0],
    ];
    expect(simplifyLine(line, 0.01)).toEqual([
      [0, 0],
      [2, 1],
      [4, 0],
    ]);
    expect(simplifyLine(line, 0.001)).toEqual(line);
  });

  it('leaves lines of two points, and a closed ring keeps its closing point', () => {
    expect(
      simplifyLine(
        [
          [0, 0],
          [1, 1],
        ],
        5,
      ),
    ).toEqual([
      [0, 0],
      [1, 1],
    ]);
    const ring: Position[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    const out = simplifyLine(ring, 0.1);
    expect(out[0]).toEqual(out[out.length - 1]);
    expect(out).toHaveLength(5);
  });

  it('copes with long lines (no recursion)', () => {
    const long: Position[] = Array.from({ length: 200_000 }, (_, i) => [i / 1000, Math.sin(i / 50) / 1000]);
    expect(simplifyLine(long, 0.01)).toHaveLength(2);
  });
});

describe('roundLine', () => {
  it('rounds and drops the repeats rounding makes', () => {
    expect(
      roundLine(
        [
          [12.34561, 45.1],
          [12.34549, 45.10001],
          [12.5, 45.2],
        ],
        3,
      ),
    ).toEqual([
      [12.346, 45.1],
      [12.345, 45.1],
      [12.5, 45.2],
    ]);
    expect(
      roundLine(
        [
          [1.00001, 2],
          [1.00002, 2],
        ],
        3,
      ),
    ).toEqual([[1, 2]]);
  });
});

/** Two unit squares side by side sharing the arc x=1 (quantized: scale 1, translate 10,40). */
const topology: Topology = {
  type: 'Topology',
  transform: { scale: [1, 1], translate: [10, 40] },
  arcs: [
    [
      [1, 0],
      [0, 1],
    ], // 0: shared border (1,0)→(1,1)
    [
      [1, 1],
      [-1, 0],
      [0, -1],
      [1, 0],
    ], // 1: left square's rest (1,1)→(0,1)→(0,0)→(1,0)
    [
      [1, 0],
      [1, 0],
      [0, 1],
      [-1, 0],
    ], // 2: right square's rest (1,0)→(2,0)→(2,1)→(1,1)
  ],
  objects: {
    squares: {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', arcs: [[0, 1]], properties: { name: 'A' } },
        { type: 'MultiPolygon', arcs: [[[2, -1]]], properties: { name: 'B' } },
      ],
    },
  },
};

describe('topologyToFeatures', () => {
  it('decodes quantized, delta-encoded arcs through the transform', () => {
    expect(decodeArcs(topology)[1]).toEqual([
      [11, 41],
      [10, 41],
      [10, 40],
      [11, 40],
    ]);
  });

  it('builds closed rings, a reversed arc going backwards, with the properties mapped', () => {
    const fc = topologyToFeatures(topology, 'squares', (p) => ({ nome: String(p.name) }), {
      tolerance: 0.01,
      decimals: 3,
      minArea: 0,
    });
    expect(fc.features.map((f) => f.properties.nome)).toEqual(['A', 'B']);
    const [a, b] = fc.features.map((f) => f.geometry.coordinates[0]![0]!);
    expect(a).toEqual([
      [11, 40],
      [11, 41],
      [10, 41],
      [10, 40],
      [11, 40],
    ]);
    expect(b).toEqual([
      [11, 40],
      [12, 40],
      [12, 41],
      [11, 41],
      [11, 40],
    ]);
    expect(ringArea(a!)).toBe(1);
  });

  it('drops rings smaller than minArea and the features left empty, and refuses an unknown object', () => {
    const opts = { tolerance: 0.01, decimals: 3, minArea: 2 };
    expect(topologyToFeatures(topology, 'squares', () => ({}), opts).features).toEqual([]);
    expect(() => topologyToFeatures(topology, 'nope', () => ({}), opts)).toThrow(/nope/);
  });
});
