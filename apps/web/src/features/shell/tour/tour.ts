import { PAGES, TOUR_LANDING, TOUR_PAGES, todayIn, tourStep, type SessionUser, type TourStep } from '@fs/contract';

/** Paths of the pages the web app has (the menu's pages and their children). */
const EXISTING = new Set(PAGES.flatMap((p) => [p.to, ...(p.children ?? []).map((c) => c.to)]));

/**
 * The tour step the user is on, or null: admins only, during trial (today in the company's
 * `timeZone`, by the caller's clock `now`), step 0 or more and not 30.
 */
export function activeTourStep(user: SessionUser | undefined, timeZone: string, now = new Date()): TourStep | null {
  if (!user || user.role !== 'admin') return null;
  return tourStep(user.aziendamap, todayIn(timeZone, now));
}

/** Pages a step keeps the user on, limited to pages that exist; never empty (the landing, /interventions). */
export function allowedPages(step: TourStep, existing: Set<string> = EXISTING): string[] {
  const pages = TOUR_PAGES[step].filter((p) => existing.has(p));
  return pages.length ? pages : [TOUR_LANDING];
}

export function isAllowed(step: TourStep, pathname: string, existing?: Set<string>): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return allowedPages(step, existing).some((p) => (p === '/' ? path === '/' : path === p || path.startsWith(`${p}/`)));
}

/** Where "start tour" goes: the step's first allowed page, first-access=true and a random q from 0 to 999. */
export function tourStartUrl(step: TourStep, random: () => number = Math.random, existing?: Set<string>): string {
  const q = Math.floor(random() * 1000);
  return `${allowedPages(step, existing)[0]}?first-access=true&q=${Math.min(999, Math.max(0, q))}`;
}

/** Steps that show the app-login QR code. */
export const showsQr = (step: TourStep) => step === 10 || step === 20;

/** The tour of this step was started in this tab (the modal then stays closed). */
const KEY = 'fs.tourStarted';
export const tourStarted = {
  get: (step: TourStep) => sessionStorage.getItem(KEY) === String(step),
  set: (step: TourStep) => sessionStorage.setItem(KEY, String(step)),
  clear: () => sessionStorage.removeItem(KEY),
};
