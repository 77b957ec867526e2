import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './api/errors';
import { downloadBlob } from './download';
import { notify } from './notify';

/**
 * A file download from the API saved under a name, with a busy flag for the button and the error
 * in a toast. `load` is a typed call of a file route: `() => api.call(routes.reports.pdf, { params: { id } })`.
 */
export function useDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (load: () => Promise<Blob>, fileName: string) => {
    setBusy(true);
    try {
      downloadBlob(await load(), fileName);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: (load: () => Promise<Blob>, fileName: string) => void run(load, fileName) };
}
