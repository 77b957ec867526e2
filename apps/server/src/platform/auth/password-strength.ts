import { AppError } from '../errors.js';

/**
 * Passwords people choose are checked against zxcvbn-ts (maintained, offline): the common and
 * breached passwords of its common package, Italian and English words, keyboard patterns, dates
 * and the user's own data (username, email, company). A password must reach MIN_SCORE (3 of 4:
 * about 10^8 guesses or more); "password123", "Passw0rd!" and "admin1234" do not, "Caldaia-Blu-47"
 * and three unrelated words do. The dictionaries (a few MB) load on the first check.
 */
export const MIN_SCORE = 3;

type Check = (password: string, userInputs: string[]) => { score: number };
let checker: Promise<Check> | undefined;

async function load(): Promise<Check> {
  // CommonJS packages: their exports are on `default` when Node's ESM loader cannot list them.
  const cjs = <T extends object>(m: T): T => ('default' in m && m.default ? (m.default as T) : m);
  const core = cjs(await import('@zxcvbn-ts/core'));
  const common = cjs(await import('@zxcvbn-ts/language-common'));
  const it = cjs(await import('@zxcvbn-ts/language-it'));
  const factory = new core.ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...it.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return (password, userInputs) => factory.check(password, userInputs);
}

export const WEAK_PASSWORD_MESSAGE =
  'Password troppo facile da indovinare: usa una frase o tre parole non collegate, evita nomi, date, sequenze e parole comuni';

/** Throws 400 VALIDATION on `path` when the password is too easy to guess. */
export async function assertStrongPassword(
  password: string,
  userInputs: (string | null | undefined)[] = [],
  path = 'password',
): Promise<void> {
  checker ??= load();
  const inputs = userInputs.filter((v): v is string => !!v).flatMap((v) => [v, ...v.split(/[@.\s_-]+/)]);
  const { score } = (await checker)(password, inputs);
  if (score < MIN_SCORE)
    throw new AppError('VALIDATION', WEAK_PASSWORD_MESSAGE, [{ path, message: WEAK_PASSWORD_MESSAGE }]);
}
