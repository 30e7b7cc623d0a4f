/**
 * Text measured in screen columns: East Asian wide characters and emoji take two, combining marks
 * none (string-width).
 */
import stringWidth from 'string-width';
import { createTextMetrics as metricsOver, type TextMetrics } from './text-metrics.js';

export type { Measure, TextMetrics } from './text-metrics.js';

export function createTextMetrics(measure = stringWidth): TextMetrics {
  return metricsOver(measure);
}
