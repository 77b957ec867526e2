import billing from '../billing/en.json';
import company from '../company/en.json';
import identity from '../identity/en.json';
import operations from '../operations/en.json';
import registries from '../registries/en.json';
import shell from '../shell/en.json';

/** Every message of one language, one chunk loaded on demand (see ../index.ts). */
export default { ...billing, ...company, ...identity, ...operations, ...registries, ...shell };
