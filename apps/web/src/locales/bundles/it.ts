import billing from '../billing/it.json';
import clocking from '../clocking/it.json';
import company from '../company/it.json';
import identity from '../identity/it.json';
import operations from '../operations/it.json';
import planner from '../planner/it.json';
import agenda from '../agenda/it.json';
import plannerMap from '../plannerMap/it.json';
import registries from '../registries/it.json';
import shell from '../shell/it.json';
import statistics from '../statistics/it.json';

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
