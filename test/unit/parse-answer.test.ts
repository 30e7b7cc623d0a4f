import { describe, expect, it } from 'vitest';
import { listRequest } from '../../src/api/list.js';
import { parseAnswer } from '../../src/core/parse-answer.js';
import { CASES } from '../../src/resources/cases.js';

const META = { total_count: 2, total_pages: 1, page_size: 100, current_page: 1 };
const good = { meta: META, data: [{ id: 'a', title: 'A', owner: { id: 'u' }, extra: 1 }, { id: 'b' }] };
const bad = { meta: META, data: [{ id: 'a' }, { id: 'b', title: 7, owner: 'x' }] };

describe('parseAnswer', () => {
  // The first answer of a schema is checked by zod's generic parser, the later ones by the
  // parser zod compiles: both must accept, keep and reject the same.
  it('checks the first answer of a schema as it checks the later ones', () => {
    const schema = listRequest(CASES, []).schema!();
    const runs = [good, bad, good, bad].map((answer) => parseAnswer(schema, answer));
    expect(runs[0]).toEqual(runs[2]);
    expect(runs[0]!.data).toEqual(good);
    expect(runs[1]!.success).toBe(false);
    expect(runs[1]!.error?.issues).toEqual(runs[3]!.error?.issues);
    expect(runs[1]!.error?.issues[0]?.path).toEqual(['data', 1, 'title']);
  });
});
