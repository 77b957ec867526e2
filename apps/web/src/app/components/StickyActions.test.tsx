import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { toastPosition } from '../providers';
import { StickyActions } from './StickyActions';

describe('toasts and sticky action bars', () => {
  it('puts toasts bottom right on a computer, as the spec says, and at the top on a phone (decision 0034)', () => {
    expect(toastPosition(false)).toBe('bottom-right');
    expect(toastPosition(true)).toBe('top-center');
  });

  it('lifts the toasts above a sticky action bar while it is on screen, and lets them down after', () => {
    const root = document.documentElement;
    const { unmount } = renderUi(
      <StickyActions bottom={12}>
        <button>Salva</button>
      </StickyActions>,
    );
    // (jsdom lays nothing out: the bar is 0 px high, so the lift is its distance from the bottom and the gap)
    expect(root.style.getPropertyValue('--fs-toast-bottom')).toBe('24px');
    unmount();
    expect(root.style.getPropertyValue('--fs-toast-bottom')).toBe('');
  });
});
