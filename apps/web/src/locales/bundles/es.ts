import billing from '../billing/es.json';
import clocking from '../clocking/es.json';
import company from '../company/es.json';
import identity from '../identity/es.json';
import operations from '../operations/es.json';
import planner from '../planner/es.json';
import agenda from '../agenda/es.json';
import plannerMap from '../plannerMap/es.json';
import registries from '../registries/es.json';
import shell from '../shell/es.json';
import statistics from '../statistics/es.json';

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
