/**
 * The offline basemap's geometry (scripts/build-basemap.mjs): a TopoJSON topology decoded to GeoJSON
 * with each shared arc simplified once (Douglas–Peucker, ends kept), so neighbouring provinces keep
 * one common border, and coordinates rounded to a few decimals.
 */

export type Position = [number, number];

export interface Topology {
  type: 'Topology';
  arcs: number[][][];
  transform?: { scale: [number, number]; translate: [number, number] };
  objects: Record<string, { type: 'GeometryCollection'; geometries: TopoGeometry[] }>;
}

export type TopoGeometry =
  | { type: 'Polygon'; arcs: number[][]; properties?: Record<string, unknown> }
  | { type: 'MultiPolygon'; arcs: number[][][]; properties?: Record<string, unknown> };

export interface Feature<P> {
  type: 'Feature';
  properties: P;
  geometry: { type: 'MultiPolygon'; coordinates: Position[][][] };
}
export interface FeatureCollection<P> {
  type: 'FeatureCollection';
  features: Feature<P>[];
}

/** Squared distance of p from the segment a–b (plane coordinates: fine at these tolerances). */
function segmentDistance2(p: Position, a: Position, b: Position): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = Math.max(0, Math.min(1, t));
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

/**
 * Douglas–Peucker: the points of a line whose removal moves it by no more than `tolerance`
 * (in the coordinates' units); the first and last points are always kept. Iterative, so long
 * coastlines do not overflow the stack.
 */
export function simplifyLine(points: Position[], tolerance: number): Position[] {
  if (points.length <= 2) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const tol2 = tolerance * tolerance;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstD = tol2;
    for (let i = first + 1; i < last; i++) {
      const d = segmentDistance2(points[i]!, points[first]!, points[last]!);
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst > 0) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Rounds to `decimals` places and drops the repeated points rounding makes. */
export function roundLine(points: Position[], decimals: number): Position[] {
  const f = 10 ** decimals;
  const out: Position[] = [];
  for (const [x, y] of points) {
    const p: Position = [Math.round(x * f) / f, Math.round(y * f) / f];
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push(p);
  }
  return out;
}

/** The topology's arcs as absolute coordinates (delta-decoded through its transform when quantized). */
export function decodeArcs(topology: Topology): Position[][] {
  const t = topology.transform;
  return topology.arcs.map((arc) => {
    if (!t) return arc.map(([x, y]) => [x!, y!] as Position);
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]) => {
      x += dx!;
      y += dy!;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]] as Position;
    });
  });
}

/** Area (shoelace, absolute) of a closed ring. */
export function ringArea(ring: Position[]): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return Math.abs(s / 2);
}

export interface SimplifyOptions {
  /** Douglas–Peucker tolerance in degrees. */
  tolerance: number;
  /** Decimals kept (3 ≈ 100 m). */
  decimals: number;
  /** Rings smaller than this (square degrees) are dropped: islets invisible at the map's zoom. */
  minArea: number;
}

/**
 * One object of a topology as GeoJSON MultiPolygons, each arc simplified once and shared by the
 * rings using it; rings left with fewer than four points or smaller than `minArea` are dropped
 * (a polygon whose outer ring goes loses its holes too), and so are features left empty.
 */
export function topologyToFeatures<P>(
  topology: Topology,
  objectName: string,
  properties: (raw: Record<string, unknown>) => P,
  opts: SimplifyOptions,
): FeatureCollection<P> {
  const object = topology.objects[objectName];
  if (!object) throw new Error(`No object "${objectName}" in the topology`);
  const arcs = decodeArcs(topology).map((a) => roundLine(simplifyLine(a, opts.tolerance), opts.decimals));
  const ring = (indexes: number[]): Position[] => {
    const out: Position[] = [];
    for (const i of indexes) {
      const arc = i >= 0 ? arcs[i]! : arcs[~i]!.slice().reverse();
      // Consecutive arcs share their joining point.
      out.push(...(out.length ? arc.slice(1) : arc));
    }
    return out;
  };
  const kept = (r: Position[]) => r.length >= 4 && ringArea(r) >= opts.minArea;
  const polygon = (rings: number[][]): Position[][] | null => {
    const [outer, ...holes] = rings.map(ring);
    return outer && kept(outer) ? [outer, ...holes.filter(kept)] : null;
  };
  const features: Feature<P>[] = [];
  for (const g of object.geometries) {
    const polys = g.type === 'Polygon' ? [g.arcs] : g.arcs;
    const coordinates = polys.map(polygon).filter((p): p is Position[][] => p !== null);
    if (coordinates.length)
      features.push({
        type: 'Feature',
        properties: properties(g.properties ?? {}),
        geometry: { type: 'MultiPolygon', coordinates },
      });
  }
  return { type: 'FeatureCollection', features };
}
