// The hero's drawing: a phone scanning a 4 in x 1 in shelf label. Inline SVG, decorative, nothing to download.

// A fixed 7 x 7 pattern that reads as a QR code at a glance (1 = dark module); it encodes nothing.
const QR_ROWS = ['1110111', '1010001', '1110101', '0001010', '1101111', '1000101', '1011101'];
const QR_PATH = QR_ROWS.flatMap((row, y) =>
  [...row].map((cell, x) => (cell === '1' ? `M${46 + x * 10} ${199 + y * 10}h10v10h-10z` : '')),
).join('');

// Bar widths in drawing units, alternating bar and gap, for a barcode-like strip.
const BAR_WIDTHS = [6, 2, 4, 2, 6, 4, 2, 2, 6, 2, 4, 4, 2, 6, 2, 4, 2, 6, 4];
const BAR_PATH = BAR_WIDTHS.reduce(
  (acc, width, index) => ({
    x: acc.x + width,
    d: index % 2 === 0 ? `${acc.d}M${acc.x} 226h${width}v40h-${width}z` : acc.d,
  }),
  { x: 268, d: '' },
).d;

const LABEL_FONT = 'system-ui, sans-serif';

export function HeroIllustration() {
  return (
    <svg viewBox="0 0 440 320" width="100%" aria-hidden="true" focusable="false" style={{ maxWidth: 460 }}>
      <rect x="8" y="20" width="424" height="280" rx="24" fill="#e8f1fb" />
      {/* The shelf label. */}
      <rect x="30" y="186" width="370" height="96" rx="8" fill="#fff" stroke="#1c4e80" strokeWidth="3" />
      <path d={QR_PATH} fill="#0b2b4c" />
      <text x="128" y="214" fontSize="15" fontWeight="700" fill="#0b2b4c" fontFamily={LABEL_FONT}>
        PN 10-2245
      </text>
      <text x="128" y="238" fontSize="12" fill="#143d66" fontFamily={LABEL_FONT}>
        Bracket, steel
      </text>
      <text x="128" y="262" fontSize="12" fill="#143d66" fontFamily={LABEL_FONT}>
        LOT 24-118 · A-03-2
      </text>
      <path d={BAR_PATH} fill="#0b2b4c" />
      {/* The phone, scanning. */}
      <g transform="translate(262 12) rotate(8)">
        <rect width="96" height="160" rx="16" fill="#143d66" />
        <rect x="7" y="12" width="82" height="136" rx="9" fill="#fff" />
        <rect
          x="17"
          y="28"
          width="62"
          height="46"
          rx="6"
          fill="none"
          stroke="#2b6cc8"
          strokeWidth="3"
          strokeDasharray="10 6"
        />
        <line x1="13" y1="51" x2="83" y2="51" stroke="#c92a2a" strokeWidth="2" />
        <rect x="15" y="88" width="66" height="13" rx="6.5" fill="#2f9e44" />
        <rect x="15" y="110" width="48" height="7" rx="3.5" fill="#a0bfe6" />
        <rect x="15" y="124" width="58" height="7" rx="3.5" fill="#a0bfe6" />
      </g>
      {/* A tick: the scan succeeded. */}
      <circle cx="84" cy="110" r="22" fill="#2f9e44" />
      <path
        d="M74 110l7 7 13-14"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
