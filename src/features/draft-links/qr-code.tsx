import encodeQR from "qr";
import { useMemo } from "react";

/**
 * A QR code drawn on the device (the link never leaves it for a QR service). The encoder gives the
 * modules, quiet zone included; each dark one becomes a unit square of one SVG path.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const modules = encodeQR(value, "raw", { ecc: "medium", border: 4 });
    const squares: string[] = [];
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) squares.push(`M${x} ${y}h1v1h-1z`);
      });
    });
    return { size: modules.length, path: squares.join("") };
  }, [value]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
