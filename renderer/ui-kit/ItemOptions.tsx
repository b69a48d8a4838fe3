import type { OrderItem } from '../../shared/domain';
import { PlatformText } from './PlatformText';

/**
 * An order line's chosen options, as the card (clamped) and the order's history (`whole`) list
 * them.
 */
export const ItemOptions = ({ item, whole = false }: { item: OrderItem; whole?: boolean }) =>
  item.options.length > 0 ? (
    <ul className="item-options">
      {item.options.map((option, index) => (
        <li key={`${option.name}-${index}`}>
          <PlatformText text={`${option.name}: ${option.value}`} whole={whole} />
          {option.count > 1 ? ` ×${option.count}` : ''}
        </li>
      ))}
    </ul>
  ) : null;
