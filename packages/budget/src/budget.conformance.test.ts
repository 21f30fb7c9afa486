import { describePacker } from '@shortlist/conformance';
import { budget } from './budget.js';

describePacker('budget(300) greedy', { create: () => budget(300) });
describePacker('budget(300) optimal', { create: () => budget(300, { strategy: 'optimal' }) });
describePacker('budget(1200) anthropic, tiktoken', {
  create: () => budget(1200, { format: 'anthropic', tokenizer: 'tiktoken' }),
});
describePacker('budget(500) estimate', { create: () => budget(500, { counting: 'estimate' }) });
