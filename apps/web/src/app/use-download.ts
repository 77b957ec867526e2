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
  const run = async (load: () => Promise<Blob>, fileName: string | ((blob: Blob) => string)) => {
    setBusy(true);
    try {
      const blob = await load();
      downloadBlob(blob, typeof fileName === 'string' ? fileName : fileName(blob));
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    /** `fileName` may be read from the answer (e.g. the server's name, `serverFileName`). */
    download: (load: () => Promise<Blob>, fileName: string | ((blob: Blob) => string)) => void run(load, fileName),
  };
}

/** The name the server gave a downloaded file (the client keeps it on the Blob), else `fallback`. */
export function serverFileName(fallback: string) {
  return (blob: Blob) => (blob instanceof File && blob.name ? blob.name : fallback);
}
