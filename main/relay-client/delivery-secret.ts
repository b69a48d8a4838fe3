// Hands the relay the delivery webhook secret this terminal made for its venue
// (PUT /v1/delivery-secret). The terminal key says which venues the terminal speaks for, so the
// relay stores it for that venue only and checks that venue's delivery events with it alone.
import { sendRequest } from '../http/http';

export const putDeliverySecret = async (options: {
  relayUrl: string;
  terminalKey: string;
  venueId: string;
  secret: string;
}): Promise<void> => {
  await sendRequest({
    method: 'PUT',
    url: `${options.relayUrl.replace(/\/+$/, '')}/v1/delivery-secret`,
    headers: { authorization: `Bearer ${options.terminalKey}` },
    body: { venue_id: options.venueId, secret: options.secret },
  });
};
