import type { OrderItem } from '../../shared/domain';

/** An order line's chosen options, as the card and the order's history list them. */
export const ItemOptions = ({ item }: { item: OrderItem }) =>
  item.options.length > 0 ? (
    <ul className="item-options">
      {item.options.map((option, index) => (
        <li key={`${option.name}-${index}`}>
          {option.name}: {option.value}
          {option.count > 1 ? ` ×${option.count}` : ''}
        </li>
      ))}
    </ul>
  ) : null;
