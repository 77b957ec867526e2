import billing from '../billing/fr.json';
import clocking from '../clocking/fr.json';
import company from '../company/fr.json';
import identity from '../identity/fr.json';
import operations from '../operations/fr.json';
import planner from '../planner/fr.json';
import agenda from '../agenda/fr.json';
import plannerMap from '../plannerMap/fr.json';
import registries from '../registries/fr.json';
import shell from '../shell/fr.json';
import statistics from '../statistics/fr.json';

/** Every message of one language, one chunk loaded on demand (see ../index.ts). */
export default {
  ...billing,
  ...clocking,
  ...company,
  ...identity,
  ...operations,
  ...planner,
  ...agenda,
  ...plannerMap,
  ...registries,
  ...shell,
  ...statistics,
};
