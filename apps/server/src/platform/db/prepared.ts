import { createHash } from 'node:crypto';

/**
 * A query PostgreSQL parses and plans once per connection: a named prepared statement, named after
 * its text. For hot queries whose text takes a bounded number of shapes (values are parameters,
 * never spliced into the text), since each connection keeps every statement it has prepared.
 */
export function prepared(text: string, values: unknown[]) {
  return { name: `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text, values };
}
