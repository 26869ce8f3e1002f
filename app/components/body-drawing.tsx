import type { BodyType } from "#app/lib/car-facts";

// Side views facing right on a 160 × 100 canvas, ground at y = 86. Drawn, not fetched: no request to
// anyone, and a drawing cannot be mistaken for a photo of the car on sale.
type Shape = { body: string; windows: string[]; wheels: [number, number]; wheelRadius?: number; lines?: string[] };

const SHAPES: Record<BodyType, Shape> = {
  halvkombi: {
    body: "M20 74V50q0-8 8-10l12-8q4-2 10-2h38q5 0 9 4l13 14 20 4q10 2 10 10v12q0 3-3 3H23q-3 0-3-3Z",
    windows: ["M30 47v-3l12-9h20v12Z", "M66 35h21q4 0 7 3l8 9H66Z"],
    wheels: [44, 116],
  },
  sedan: {
    body: "M12 74V62q1-6 10-7l28-3 14-16q3-3 8-3h28q5 0 9 4l13 14 18 3q8 2 8 10v10q0 3-3 3H15q-3 0-3-3Z",
    windows: ["M56 51l11-13h17v13Z", "M88 38h11q4 0 7 3l9 10H88Z"],
    wheels: [38, 122],
  },
  kombi: {
    body: "M10 74V40q0-9 10-9h78q6 0 10 4l14 14 18 3q10 2 10 10v12q0 3-3 3H13q-3 0-3-3Z",
    windows: ["M16 47l2-9q2-2 8-2h30v11Z", "M60 36h24v11H60Z", "M88 36h9q4 0 7 3l8 8H88Z"],
    wheels: [36, 124],
  },
  suv: {
    body: "M12 72V32q0-10 10-10h74q6 0 10 5l12 15 20 4q10 2 10 12v14q0 4-4 4H16q-4 0-4-4Z",
    windows: ["M20 42l2-11q1-3 6-3h26v14Z", "M58 28h22v14H58Z", "M84 28h11q4 0 7 4l8 10H84Z"],
    wheels: [38, 122],
    wheelRadius: 13,
  },
  familjebuss: {
    body: "M14 72V30q0-10 10-10h74q8 0 12 6l16 20 14 4q8 2 8 10v12q0 4-4 4H18q-4 0-4-4Z",
    windows: ["M20 42V28q0-2 4-2h24v16Z", "M52 26h28v16H52Z", "M84 26h16q4 0 7 4l9 12H84Z"],
    wheels: [40, 122],
    lines: ["M82 44v26"],
  },
  coupe: {
    body: "M12 72V60q1-6 12-8l22-3q12-13 26-14h22q6 0 12 5l14 10 20 3q8 2 8 10v9q0 4-4 4H16q-4 0-4-4Z",
    windows: ["M54 48q8-8 18-9h20q5 0 9 3l9 6Z"],
    wheels: [38, 122],
    lines: ["M86 39v9"],
  },
  cab: {
    body: "M12 72V58q1-6 12-7h116q8 2 8 10v11q0 4-4 4H16q-4 0-4-4Z",
    windows: ["M96 51l8-14h4l-6 14Z"],
    wheels: [38, 122],
    lines: ["M30 51q4-6 16-6h10v6", "M64 51v-7q0-2 3-2h4q3 0 3 2v7", "M80 51v-7q0-2 3-2h4q3 0 3 2v7"],
  },
  pickup: {
    body: "M12 72V50h58V30q0-6 6-6h28q6 0 10 6l10 14 18 3q8 2 8 11v14q0 4-4 4H16q-4 0-4-4Z",
    windows: ["M76 44V31q0-2 2-2h22q4 0 7 4l8 11Z"],
    wheels: [36, 122],
    wheelRadius: 12,
    lines: ["M12 54h58", "M96 29v15"],
  },
  skapbil: {
    body: "M10 72V22q0-6 6-6h90q6 0 10 6l14 20 14 4q6 2 6 10v16q0 4-4 4H14q-4 0-4-4Z",
    windows: ["M104 22h4q4 0 6 4l10 14h-20Z"],
    wheels: [36, 124],
    wheelRadius: 12,
    lines: ["M64 20v50", "M100 20v50"],
  },
};

/** Decorative (aria-hidden): the text beside it says what the car is. */
export function BodyDrawing({ body, className = "" }: { body: BodyType | undefined; className?: string }) {
  const shape = SHAPES[body ?? "halvkombi"];
  const radius = shape.wheelRadius ?? 11;
  const wheelY = 86 - radius;
  return (
    <svg
      viewBox="0 0 160 100"
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      focusable="false"
      className={`bg-gradient-to-b from-brand-50 to-stone-100 ${className}`}
      data-testid="body-drawing"
      data-body={body ?? "okänd"}
    >
      <ellipse cx="80" cy="87" rx="70" ry="3" fill="#d6d3d1" />
      <path d={shape.body} fill="#b3e6ca" stroke="#17603f" strokeWidth="2" strokeLinejoin="round" />
      {shape.windows.map((d) => (
        <path key={d} d={d} fill="#f5f5f4" stroke="#17603f" strokeWidth="1.5" strokeLinejoin="round" />
      ))}
      {shape.lines?.map((d) => (
        <path key={d} d={d} fill="none" stroke="#17603f" strokeWidth="1.5" strokeLinecap="round" />
      ))}
      {shape.wheels.map((x) => (
        <g key={x}>
          <circle cx={x} cy={wheelY} r={radius + 2.5} fill="#f5f5f4" />
          <circle cx={x} cy={wheelY} r={radius} fill="#44403c" />
          <circle cx={x} cy={wheelY} r={radius * 0.42} fill="#d6d3d1" />
        </g>
      ))}
    </svg>
  );
}
