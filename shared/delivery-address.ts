// How a delivery address reads, on the screen and on paper alike.
import type { Order } from './domain';

/** The address as the courier reads it: the platform's own lines when it sent them. */
export const deliveryAddressLines = (order: Order): string[] => {
  const address = order.deliveryAddress;
  if (!address) return [];
  if (address.formatted) return address.formatted.split('\n').filter((line) => line.trim());
  const street = [address.street, address.apartment].filter(Boolean).join(' ');
  const city = [address.postCode, address.city].filter(Boolean).join(' ');
  return [street, city].filter(Boolean);
};
