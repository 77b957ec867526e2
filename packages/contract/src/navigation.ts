import type { PageKey } from './permissions.js';

/** A menu item as the server answers it (GET /navigazione/pagine-attive). */
export interface MenuItem {
  id: string;
  name: string;
  to: string;
  icon: string;
  i18nKey: string;
  children?: MenuItem[];
}

/** A page of the product: the menu item plus the permission needed to read it. */
export interface PageDefinition extends Omit<MenuItem, 'children'> {
  /** Read permission on this key is needed; null means every signed-in user. */
  pageKey: PageKey | null;
  /** Read permission on any of these keys shows it too (clocking: one's own, or the office's). */
  orReadOf?: PageKey[];
  /** Only company administrators see it, whatever their permissions (permission groups). */
  adminOnly?: boolean;
  /** Shown only to users with write permission on at least one of these keys (the data import). */
  writeAnyOf?: PageKey[];
  children?: PageDefinition[];
}

/**
 * Every screen the product has today, in menu order. A page is listed only
 * once it exists in the web app; features add theirs here.
 */
export const PAGES: PageDefinition[] = [
  { id: 'home', name: 'Home', to: '/', icon: 'home', i18nKey: 'menu.home', pageKey: null },
  {
    id: 'company',
    name: 'Azienda',
    to: '/company',
    icon: 'building',
    i18nKey: 'menu.company',
    pageKey: 'gestione_azienda',
  },
  {
    id: 'subscription',
    name: 'Abbonamento',
    to: '/subscription-plan',
    icon: 'credit-card',
    i18nKey: 'subscription.menu.root',
    pageKey: 'gestione_abbonamento',
    children: [
      {
        id: 'subscription-plan',
        name: 'Piano e limiti',
        to: '/subscription-plan',
        icon: 'credit-card',
        i18nKey: 'subscription.menu.plan',
        pageKey: 'gestione_abbonamento',
      },
      {
        id: 'subscription-status',
        name: 'Il mio abbonamento',
        to: '/subscription-plan/subscription',
        icon: 'credit-card',
        i18nKey: 'subscription.menu.subscription',
        pageKey: 'gestione_abbonamento',
      },
      {
        id: 'subscription-technicians',
        name: 'Licenze tecnici',
        to: '/subscription-plan/technicians',
        icon: 'users',
        i18nKey: 'subscription.menu.technicians',
        pageKey: 'gestione_abbonamento',
      },
      {
        id: 'subscription-quote',
        name: 'Preventivo',
        to: '/subscription-plan/quote',
        icon: 'file',
        i18nKey: 'subscription.menu.quote',
        pageKey: 'gestione_abbonamento',
      },
      {
        id: 'subscription-company-data',
        name: 'Dati di fatturazione',
        to: '/subscription-plan/company-data',
        icon: 'building',
        i18nKey: 'subscription.menu.companyData',
        pageKey: 'gestione_abbonamento',
      },
      {
        id: 'storage-space',
        name: 'Spazio di archiviazione',
        to: '/storage-space',
        icon: 'database',
        i18nKey: 'media.menu.storage',
        pageKey: 'gestione_abbonamento',
      },
    ],
  },
  {
    id: 'interventions',
    name: 'Interventi',
    to: '/interventions',
    icon: 'tools',
    i18nKey: 'reports.menu',
    pageKey: 'gestione_interventi',
  },
  {
    id: 'intervention-planning',
    name: 'Pianificazione',
    to: '/intervention-planning',
    icon: 'calendar',
    i18nKey: 'planner.menu',
    pageKey: 'pianificazione_interventi',
  },
  {
    id: 'clocking-in-out',
    name: 'Timbrature',
    to: '/clocking-in-out',
    icon: 'clock',
    i18nKey: 'clocking.menu',
    pageKey: 'timbrature',
    orReadOf: ['amministrazione_timbrature'],
  },
  {
    id: 'statistics',
    name: 'Statistiche',
    to: '/statistics',
    icon: 'chart',
    i18nKey: 'statistics.menu',
    pageKey: 'analisi_dati',
  },
  {
    id: 'contracts',
    name: 'Contratti',
    to: '/contracts',
    icon: 'contract',
    i18nKey: 'contracts.menu',
    pageKey: 'contratti',
  },
  {
    id: 'customers',
    name: 'Clienti',
    to: '/customers',
    icon: 'address-book',
    i18nKey: 'customers.menu',
    pageKey: 'anagrafica_clienti',
  },
  {
    id: 'items',
    name: 'Articoli',
    to: '/items',
    icon: 'package',
    i18nKey: 'articles.menu',
    pageKey: 'anagrafica_articoli',
  },
  { id: 'jobs', name: 'Mansioni', to: '/jobs', icon: 'clipboard', i18nKey: 'jobs.menu', pageKey: 'mansioni' },
  {
    id: 'technicians',
    name: 'I miei tecnici',
    to: '/technicians',
    icon: 'users',
    i18nKey: 'users.menu.technicians',
    pageKey: 'gestione_tecnici',
  },
  {
    id: 'permission-groups',
    name: 'Gruppi di permessi',
    to: '/permission-groups',
    icon: 'users-group',
    i18nKey: 'users.menu.groups',
    pageKey: 'gestione_tecnici',
    adminOnly: true,
  },
  { id: 'profile', name: 'Il mio profilo', to: '/profile', icon: 'user', i18nKey: 'users.menu.profile', pageKey: null },
  {
    id: 'custom-intervention',
    name: 'Personalizza rapportino',
    to: '/custom-intervention',
    icon: 'forms',
    i18nKey: 'reportConfig.menu',
    pageKey: 'personalizza_interventi',
  },
  { id: 'options', name: 'Opzioni', to: '/options', icon: 'settings', i18nKey: 'options.menu', pageKey: 'opzioni' },
  {
    id: 'external-integrations',
    name: 'Integrazioni esterne',
    to: '/external-integrations',
    icon: 'plug',
    i18nKey: 'integrations.menu',
    pageKey: 'integrazioni_esterne',
    adminOnly: true,
  },
  {
    id: 'data-import',
    name: 'Importazione dati',
    to: '/data-import',
    icon: 'import',
    i18nKey: 'imports.menu',
    pageKey: null,
    writeAnyOf: ['anagrafica_clienti', 'anagrafica_articoli'],
  },
  {
    id: 'data-export',
    name: 'Esportazione dati',
    to: '/data-export',
    icon: 'export',
    i18nKey: 'dataExport.menu',
    pageKey: 'esportazione_dati',
  },
];
