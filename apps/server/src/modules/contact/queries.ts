/** Reads and writes of the contact_messages table; no rules. */
import type { ContactRequest } from '@clinicpay/shared';
import type { Tx } from '../../db/client.js';
import { contactMessages } from '../../db/schema/index.js';

/** Stores a contact message and resolves to its id. Throws if the database returns none. */
export async function insertContactMessage(tx: Tx, input: ContactRequest): Promise<string> {
  const [stored] = await tx.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  if (!stored) throw new Error('contact message was not stored');
  return stored.id;
}
