// Builds the planner map's offline basemap (apps/web/public/basemap/italy.json): Italy's regions and
// provinces from the ISTAT boundaries published by openpolis/geojson-italy (CC BY 4.0), simplified
// so the shipped file stays small. Run once when the boundaries change:
//
//   git clone https://github.com/openpolis/geojson-italy /tmp/geojson-italy
//   npx tsx scripts/build-basemap.mjs /tmp/geojson-italy
//
// Input: topojson/limits_IT_regions.topo.json and topojson/limits_IT_provinces.topo.json of that repository.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { topologyToFeatures } from '../apps/web/src/features/operations/planner/map/geometry.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = process.argv[2];
if (!source) {
  console.error('usage: npx tsx scripts/build-basemap.mjs <openpolis/geojson-italy checkout>');
  process.exit(1);
}
const read = (name) => JSON.parse(readFileSync(path.join(source, 'topojson', name), 'utf8'));

// About 500 m of tolerance and 100 m of rounding: borders read well from the whole country down to a province.
const OPTIONS = { tolerance: 0.005, decimals: 3, minArea: 0.0004 };

const regions = topologyToFeatures(
  read('limits_IT_regions.topo.json'),
  'regions',
  (p) => ({ nome: String(p.reg_name), codice: String(p.reg_istat_code) }),
  OPTIONS,
);
const provinces = topologyToFeatures(
  read('limits_IT_provinces.topo.json'),
  'provinces',
  (p) => ({ nome: String(p.prov_name), sigla: String(p.prov_acr), regione: String(p.reg_istat_code) }),
  OPTIONS,
);

const out = path.join(root, 'apps/web/public/basemap/italy.json');
mkdirSync(path.dirname(out), { recursive: true });
const body = JSON.stringify({
  attribution: 'Confini © ISTAT, openpolis (CC BY 4.0)',
  regions,
  provinces,
});
writeFileSync(out, `${body}\n`);
console.log(
  `${path.relative(root, out)}: ${regions.features.length} regions, ${provinces.features.length} provinces, ` +
    `${(Buffer.byteLength(body) / 1024).toFixed(0)} KB`,
);
