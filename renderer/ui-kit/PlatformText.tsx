// Text from the platform on screen (an item's or option's name, a customer's name, a note):
// shaped by the same function the tickets print with (shared/platform-text.ts), and isolated from
// the text around it (<bdi dir="auto">: a right-to-left name keeps its own direction and cannot
// pull the order number or the count beside it into its run). A card clamps long text; the
// order's detail shows it whole (`whole`), and the clamped text carries it as its title.
import { shapeLine, shapeName, shapeNote, shapeNoteClamped } from '../../shared/platform-text';

export const PlatformText = ({
  text,
  whole = false,
  note = false,
  className,
}: {
  text: string;
  /** The order's detail: nothing clamped. */
  whole?: boolean;
  /** Keeps its line breaks (a customer's note). */
  note?: boolean;
  className?: string;
}) => {
  const full = note ? shapeNote(text) : shapeLine(text);
  const shown = whole ? full : note ? shapeNoteClamped(text) : shapeName(text);
  return (
    <bdi
      dir="auto"
      className={`platform-text${note ? ' platform-note' : ''}${className ? ` ${className}` : ''}`}
      title={shown === full ? undefined : full}
    >
      {shown}
    </bdi>
  );
};
