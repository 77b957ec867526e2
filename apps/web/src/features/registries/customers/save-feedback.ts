import type { TFunction } from 'i18next';
import { notify } from '../../../app/notify';
import type { SaveAnswer } from './api';

/** After a save: success, then each duplicate warning and the 0007 address warning, as yellow toasts. */
export function announceSave(t: TFunction, r: SaveAnswer, created: boolean): void {
  notify.success(t(created ? 'customers.form.created' : 'customers.form.saved'));
  for (const w of r.warnings) {
    notify.warning(
      t(`customers.form.duplicate.${w.field}`, { list: w.clienti.map((c) => c.ragione_sociale).join(', ') }),
    );
  }
  if (r.alert === '0007') notify.warning(t('alerts.0007'));
}
