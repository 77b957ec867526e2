import {
  IconAddressBook,
  IconBuilding,
  IconCalendarEvent,
  IconDatabase,
  IconChartBar,
  IconClipboardList,
  IconClock,
  IconCreditCard,
  IconFileCertificate,
  IconFileExport,
  IconFileImport,
  IconFileText,
  IconForms,
  IconHome,
  IconPackage,
  IconPlugConnected,
  IconPoint,
  IconSettings,
  IconTools,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

/** Menu icon names from the server mapped to tabler icons; unknown names get a dot. */
const ICONS: Record<string, Icon> = {
  home: IconHome,
  'address-book': IconAddressBook,
  building: IconBuilding,
  calendar: IconCalendarEvent,
  chart: IconChartBar,
  clipboard: IconClipboardList,
  clock: IconClock,
  contract: IconFileCertificate,
  'credit-card': IconCreditCard,
  database: IconDatabase,
  export: IconFileExport,
  import: IconFileImport,
  file: IconFileText,
  forms: IconForms,
  package: IconPackage,
  plug: IconPlugConnected,
  settings: IconSettings,
  tools: IconTools,
  user: IconUserCircle,
  users: IconUsers,
  'users-group': IconUsersGroup,
};

export function menuIcon(name: string): Icon {
  return ICONS[name] ?? IconPoint;
}
