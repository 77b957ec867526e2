import { notifications } from '@mantine/notifications';
import { CLIENT } from '@fs/contract';

/** Toasts (bottom right, at the top on a phone: `toastPosition` in providers.tsx), 2.5 s; success green, error red, warning yellow. */
function show(color: 'green' | 'red' | 'yellow', message: string, title?: string): void {
  notifications.show({ color, message, title, autoClose: CLIENT.toastDurationMs, withBorder: true });
}

export const notify = {
  success: (message: string, title?: string) => show('green', message, title),
  error: (message: string, title?: string) => show('red', message, title),
  warning: (message: string, title?: string) => show('yellow', message, title),
};
