import { LABEL_COLORS } from '@shipyard/shared';
import { ColorSwatches, nextColor } from '../../../components/color-swatches.tsx';

/** The palette's colours as a radio group of swatches. */
export function LabelColorPicker(props: { value: string; onChange: (color: string) => void; label: string }) {
  return <ColorSwatches colors={LABEL_COLORS} {...props} />;
}

/** The colour a new label gets: the first of the palette no label uses yet. */
export function nextLabelColor(used: readonly string[]): string {
  return nextColor(LABEL_COLORS, used);
}
