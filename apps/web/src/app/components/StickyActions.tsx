import { useEffect, useRef, type ReactNode } from 'react';
import { Paper } from '@mantine/core';

/** How far above a sticky action bar the toasts stay. */
const TOAST_GAP_PX = 12;

/**
 * A long form's actions (save, close…), kept at the bottom of the screen as the page scrolls.
 * While it is there the toasts, bottom right on a computer as the spec puts them, rise above it
 * (`--fs-toast-bottom`, read by global.css): a toast never covers the button just pressed.
 */
export function StickyActions({ children, bottom = 8 }: { children: ReactNode; bottom?: number }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const lift = () => root.style.setProperty('--fs-toast-bottom', `${el.offsetHeight + bottom + TOAST_GAP_PX}px`);
    lift();
    const watch = new ResizeObserver(lift);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.style.removeProperty('--fs-toast-bottom');
    };
  }, [bottom]);
  return (
    <Paper ref={bar} withBorder p="sm" radius="md" shadow="md" style={{ position: 'sticky', bottom, zIndex: 5 }}>
      {children}
    </Paper>
  );
}
