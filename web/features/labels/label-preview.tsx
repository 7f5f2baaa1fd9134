// A label drawn in the browser at its true proportions, with the very code and layout that print (the shared
// encoder and layout of common/), for a sample item: what the admin sees is what the printer gets.
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { scanLink } from '#common/label-codes.ts';
import { LabelFitError, layoutLabel, type TMeasure } from '#common/label-layout.ts';
import { encodeSymbol } from '#common/label-symbol.ts';
import { formatInches, type TLabelField, type TLabelUnit, type TSymbology } from '#common/schemas/labels.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';

const SAMPLE: Record<Exclude<TLabelField, 'date'>, string> = {
  partNumber: 'BOLT-M8-40',
  name: 'Hex bolt M8 x 40, zinc plated',
  lot: 'Lot L-2026-014',
  location: 'Loc PLANT / A / S3 / B2',
  quantity: 'Qty 250 ea',
  freeText: '',
};
const DPI = 203;
const FONT = 'Helvetica, Arial, sans-serif';

let canvas: HTMLCanvasElement | null = null;
/** The browser's width of the text in Helvetica (or its stand-in), as the server measures with Helvetica. */
const measure: TMeasure = (text, sizeDots) => {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return text.length * sizeDots * 0.55;
  context.font = `${sizeDots}px ${FONT}`;
  return context.measureText(text).width;
};

export interface TPreviewFormat {
  width: string;
  height: string;
  unit: TLabelUnit;
  symbology: TSymbology;
  fields: TLabelField[];
  freeText: string;
  textSize: number;
}

/** The preview's code carries a link of this page's origin: the server's APP_URL when the app is served from it. */
export function LabelPreview({
  format,
  appUrl = window.location.origin,
}: {
  format: TPreviewFormat;
  appUrl?: string;
}) {
  // The date a label printed today carries: today on the company's clock, as the print service writes it.
  const today = useCompanyClock().today();
  const drawn = useMemo(() => {
    const size = formatInches(format);
    if (!(size.width > 0 && size.height > 0))
      return { error: 'Enter a width and a height to see the label.' };
    try {
      const layout = layoutLabel({
        widthIn: size.width,
        heightIn: size.height,
        dpi: DPI,
        symbol: encodeSymbol(
          format.symbology,
          format.symbology === 'code128' ? 'FBI7K3M9Q2X' : scanLink(appUrl, 'item', '7K3M9Q2X'),
        ),
        lines: format.fields
          .map((f) => (f === 'freeText' ? format.freeText : f === 'date' ? today : SAMPLE[f]))
          .filter(Boolean),
        textSizePt: format.textSize,
        measure,
      });
      return { layout };
    } catch (error) {
      return { error: error instanceof LabelFitError ? error.message : 'This label cannot be drawn.' };
    }
  }, [format, appUrl, today]);

  if ('error' in drawn)
    return (
      <Text c="red" size="sm" role="alert">
        {drawn.error}
      </Text>
    );
  const { layout } = drawn;
  return (
    <svg
      role="img"
      aria-label={`Preview of a ${format.width} x ${format.height} ${format.unit} label`}
      data-testid="label-preview"
      viewBox={`0 0 ${layout.widthDots} ${layout.heightDots}`}
      style={{
        width: '100%',
        maxWidth: 480,
        aspectRatio: `${layout.widthDots} / ${layout.heightDots}`,
        background: '#fff',
        border: '1px solid var(--mantine-color-gray-5)',
        display: 'block',
      }}
      shapeRendering="crispEdges"
    >
      {layout.rects.map(([x, y, w, h]) => (
        <rect key={`${x},${y}`} x={x} y={y} width={w} height={h} fill="#000" />
      ))}
      {layout.texts.map((t) => (
        <text key={t.top} x={t.x} y={t.baseline} fontSize={t.sizeDots} fontFamily={FONT} fill="#000">
          {t.text}
        </text>
      ))}
    </svg>
  );
}
