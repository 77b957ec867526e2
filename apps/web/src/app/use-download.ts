import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from './api/client';
import { errorText } from './api/errors';
import { downloadBlob } from './download';
import { notify } from './notify';

/**
 * A file download from the API (GET, or POST with a body) saved under a name, with a busy flag for
 * the button and the error in a toast.
 */
export function useDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async (path: string, fileName: string, body?: unknown) => {
    setBusy(true);
    try {
      const blob =
        body === undefined
          ? await api.get<Blob>(path, { responseType: 'blob' })
          : await api.post<Blob>(path, body, { responseType: 'blob' });
      downloadBlob(blob, fileName);
    } catch (e) {
      notify.error(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, download: (path: string, fileName: string, body?: unknown) => void run(path, fileName, body) };
}
