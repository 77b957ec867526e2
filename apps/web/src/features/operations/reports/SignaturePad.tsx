import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import SignaturePadLib from 'signature_pad';

export interface SignaturePadHandle {
  isEmpty(): boolean;
  /** The drawing as a PNG data URL. */
  toDataURL(): string;
  clear(): void;
}

/**
 * A signature drawn with a finger, a pen or the mouse (signature_pad, pointer events). The canvas
 * follows its box's width and the screen's pixel density (sharp on a phone), keeping what is drawn
 * when it resizes; `onChange` tells whether something is drawn.
 */
export function SignaturePad({
  ref,
  onChange,
  height = 200,
  disabled = false,
}: {
  ref?: Ref<SignaturePadHandle>;
  onChange?: (empty: boolean) => void;
  height?: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePadLib(canvas, {
      penColor: '#1a1b1e',
      backgroundColor: 'rgb(255, 255, 255)',
      minWidth: 0.8,
      maxWidth: 2.6,
    });
    padRef.current = pad;
    const ended = () => onChangeRef.current?.(pad.isEmpty());
    pad.addEventListener('endStroke', ended);
    let width = 0;
    let ratio = 0;
    const resize = () => {
      const r = Math.max(window.devicePixelRatio || 1, 1);
      if (canvas.offsetWidth === width && r === ratio) return;
      width = canvas.offsetWidth;
      ratio = r;
      const data = pad.toData();
      canvas.width = Math.round(canvas.offsetWidth * r);
      canvas.height = Math.round(canvas.offsetHeight * r);
      canvas.getContext('2d')!.scale(r, r);
      // Resizing wipes the canvas: what was drawn is drawn again (in CSS pixels, so it keeps its place).
      pad.clear();
      if (data.length) pad.fromData(data);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    // A zoom or a move to another screen changes the density without changing the width.
    const dpr = window.matchMedia?.(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    dpr?.addEventListener?.('change', resize);
    return () => {
      observer.disconnect();
      dpr?.removeEventListener?.('change', resize);
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  useImperativeHandle(ref, () => ({
    isEmpty: () => padRef.current?.isEmpty() ?? true,
    toDataURL: () => padRef.current?.toDataURL('image/png') ?? '',
    clear: () => {
      padRef.current?.clear();
      onChangeRef.current?.(true);
    },
  }));

  return (
    <Box>
      <Box
        style={{
          border: '1px dashed var(--mantine-color-gray-5)',
          borderRadius: 'var(--mantine-radius-md)',
          background: '#fff',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('signature.pad.label')}
          data-testid="signature-pad"
          style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: 'crosshair' }}
        />
      </Box>
      <Group justify="space-between" mt={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('signature.pad.hint')}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={disabled}
          onClick={() => {
            padRef.current?.clear();
            onChangeRef.current?.(true);
          }}
        >
          {t('signature.pad.clear')}
        </Button>
      </Group>
    </Box>
  );
}
