// The frame of every chart (decision 040, Charts): a figure named by its caption, the drawing hidden from assistive
// technology (an SVG of bars says nothing to a screen reader, and recharts' keyboard layer reads out raw values),
// and the same numbers as a table or list behind a native disclosure, closed by default so the page stays short.
// The figure names itself by its caption explicitly: not every accessibility tree takes a figcaption as the name.
import { Box, Text } from '@mantine/core';
import { createContext, type ReactNode, useContext, useId } from 'react';

const CaptionIdContext = createContext<string | undefined>(undefined);

/** The id of the caption of the chart around, so its table can say it describes the same numbers. */
export function useChartCaptionId(): string | undefined {
  return useContext(CaptionIdContext);
}

export interface TChartFigureProps {
  /** What the chart shows, in words; it names the figure. */
  caption: ReactNode;
  /** The drawing, hidden from assistive technology: `table` carries its numbers instead. */
  children: ReactNode;
  /** The same numbers as the drawing, as a table or a list. */
  table: ReactNode;
  /** The words of the disclosure that opens the table. */
  disclosure?: string;
}

export const SHOW_AS_TABLE = 'Show as a table';

export function ChartFigure({ caption, children, table, disclosure = SHOW_AS_TABLE }: TChartFigureProps) {
  const captionId = useId();
  return (
    <Box component="figure" m={0} aria-labelledby={captionId}>
      <Text component="figcaption" size="sm" c="dimmed" mb="xs" id={captionId}>
        {caption}
      </Text>
      <Box aria-hidden data-chart-drawing>
        {children}
      </Box>
      <details>
        <summary>
          <Text component="span" size="sm">
            {disclosure}
          </Text>
        </summary>
        <CaptionIdContext.Provider value={captionId}>{table}</CaptionIdContext.Provider>
      </details>
    </Box>
  );
}
