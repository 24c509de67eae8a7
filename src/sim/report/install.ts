// Installs the HTML report (`--html` of `d20sim montecarlo` and `d20sim merge`) into the CLI. The chart libraries
// are read from disk only when a report is rendered.
import { setHtmlReport } from '../../cli/montecarlo-command.ts';
import { renderHtmlReport } from './html.ts';

setHtmlReport(renderHtmlReport);
