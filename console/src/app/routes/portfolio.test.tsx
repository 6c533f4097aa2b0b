import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MARKET_INSIGHTS_POLL_INTERVAL_MS } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../features/auth/user-fixtures';
import { marketInsightsQueryOptions } from '../../features/portfolio/api/get-market-insights';
import { aPortfolio, aSuggestion, someAnalytics, someHoldings, someInsights } from '../../features/portfolio/portfolio-fixtures';
import { type FetchHandler, jsonResponse, mockFetch, type RecordedRequest } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { PortfolioRoute } from './portfolio';
import { expectToast, findToast } from '../../test/toasts';

const portfolio = aPortfolio();
const second = aPortfolio({ id: '7a2d3b4c-5e6f-4a71-8b8c-9d0e1f2a3b4c', name: 'Satellite' });

interface Answers {
  portfolios?: unknown;
  holdings?: unknown;
  suggestions?: unknown;
  analytics?: unknown;
  post?: FetchHandler;
}

function api(answers: Answers = {}): FetchHandler {
  return (request) => {
    if (request.url === '/api/auth/me') return jsonResponse({ user: aUser({ id: 'user-1' }) });
    if (request.method === 'POST' && answers.post) return answers.post(request);
    if (request.url === '/api/portfolios/user-1') return jsonResponse(answers.portfolios ?? [portfolio, second]);
    if (request.url.endsWith('/holdings')) return jsonResponse(answers.holdings ?? someHoldings());
    if (request.url.endsWith('/suggestions')) return jsonResponse({ suggestions: answers.suggestions ?? [aSuggestion()] });
    if (request.url.includes('/analytics')) return jsonResponse(answers.analytics ?? someAnalytics());
    if (request.url === '/api/market-insights') return jsonResponse(someInsights());
    return jsonResponse({ error: 'NotFound', message: 'no such path' }, 404);
  };
}

const paths = (requests: RecordedRequest[]) => requests.map((request) => `${request.method} ${request.url}`);

describe('PortfolioRoute', () => {
  it('with no portfolio shows Start Building Your Portfolio; Get Started opens the form, which requires a name', async () => {
    const requests = mockFetch(api({ portfolios: [] }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });

    expect(await screen.findByText('Start Building Your Portfolio')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    const form = await screen.findByTestId('create-portfolio-form');
    expect((within(form).getByTestId('portfolio-risk-profile') as HTMLInputElement).value).toBe('Moderate');
    fireEvent.click(within(form).getByTestId('portfolio-submit'));

    expect(await screen.findByText('Portfolio name is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('creates a portfolio for the signed-in user and toasts Portfolio created successfully!', async () => {
    const requests = mockFetch(api({ portfolios: [], post: () => jsonResponse({ ...portfolio, position: '1:1' }, 201) }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    await screen.findByText('Start Building Your Portfolio');
    fireEvent.click(screen.getByRole('button', { name: 'Create Portfolio' }));
    const form = await screen.findByTestId('create-portfolio-form');
    fireEvent.change(within(form).getByTestId('portfolio-name'), { target: { value: 'Climate Core' } });
    fireEvent.click(within(form).getByTestId('portfolio-submit'));

    await findToast('Portfolio created successfully!');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/portfolios');
    expect(post?.body).toEqual({ name: 'Climate Core', description: '', riskProfile: 'moderate', userId: 'user-1' });
  });

  it('shows Failed to create portfolio with the server message', async () => {
    mockFetch(api({ portfolios: [], post: () => jsonResponse({ error: 'ValidationFailed', message: 'Portfolio name must be at most 100 characters' }, 400) }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    fireEvent.click(await screen.findByRole('button', { name: 'Get Started' }));
    const form = await screen.findByTestId('create-portfolio-form');
    fireEvent.change(within(form).getByTestId('portfolio-name'), { target: { value: 'Too long, says the server' } });
    fireEvent.click(within(form).getByTestId('portfolio-submit'));

    await expectToast('Failed to create portfolio', 'Portfolio name must be at most 100 characters');
  });

  it('selects the first portfolio when the list loads and shows its cards, tabs, holdings and Auto Rebalance Disabled', async () => {
    const requests = mockFetch(api());
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });

    expect(await screen.findByTestId('holdings-table')).toBeInTheDocument();
    expect((screen.getByTestId('portfolio-selector') as HTMLInputElement).value).toBe('Climate Core');
    expect(paths(requests)).toContain(`GET /api/portfolios/${portfolio.id}/holdings`);
    expect(paths(requests).some((path) => path.includes(second.id))).toBe(false);
    for (const tab of ['Overview', 'AI Suggestions', 'Analytics', 'Market Insights']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getByTestId('portfolio-total-value').textContent).toBe('$4,960.00');
    expect(screen.getByTestId('portfolio-total-credits').textContent).toBe('1,240');
    expect(screen.getByTestId('portfolio-risk').textContent).toBe('Conservative');
    expect(await screen.findByText('1 urgent or high priority')).toBeInTheDocument();
    const rebalance = screen.getByTestId('auto-rebalance');
    expect(within(rebalance).getByText('Disabled')).toBeInTheDocument();
    expect((within(rebalance).getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });

  it('marks a holding valued at a reference price', async () => {
    mockFetch(api({ holdings: someHoldings({ holdings: [{ ...someHoldings().holdings[0]!, priceSource: 'reference', price: '3.80' }] }) }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    const table = await screen.findByTestId('holdings-table');
    expect(within(table).getByText('$3.80')).toBeInTheDocument();
    expect(within(table).getByText('Reference price')).toBeInTheDocument();
  });

  it('shows the labels every credit of a holding carries', async () => {
    mockFetch(api({ holdings: someHoldings({ holdings: [{ ...someHoldings().holdings[0]!, labels: ['CCP-approved', 'CORSIA eligible'] }] }) }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    const table = await screen.findByTestId('holdings-table');
    expect(
      within(table)
        .getAllByTestId('credit-label')
        .map((label) => label.textContent),
    ).toEqual(['CCP-approved', 'CORSIA eligible']);
  });

  it('shows No holdings in this portfolio yet. for an empty portfolio', async () => {
    mockFetch(api({ holdings: { holdings: [], totalValue: '0.00', totalQuantity: 0 } }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    expect(await screen.findByText('No holdings in this portfolio yet.')).toBeInTheDocument();
  });

  it('lists suggestions with priority, reasoning and actions, and implements one', async () => {
    const requests = mockFetch(
      api({
        post: () =>
          jsonResponse({
            portfolioId: portfolio.id,
            suggestionId: 'suggestion-3f9a0c2b7d41',
            alreadyImplemented: false,
            orders: [{ orderId: '8b3e4c5d-6f70-4a82-9c9d-0e1f2a3b4c5d', side: 'buy', amount: 310, price: '12.50', projectType: 'Forestry', vintage: 2026 }],
            position: '9:9',
          }),
      }),
    );
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    fireEvent.click(await screen.findByRole('tab', { name: 'AI Suggestions' }));

    const card = await screen.findByTestId('suggestion-urgent');
    expect(within(card).getByText('Shift toward carbon removals')).toBeInTheDocument();
    expect(within(card).getByLabelText('Urgent priority')).toBeInTheDocument();
    expect(within(card).getByText('Removals are 0% of 1,240 t; a conservative profile in 2026 targets ≥ 20%.')).toBeInTheDocument();
    expect(within(card).getByText('Buy 310 Forestry 2026 credits at $12.50')).toBeInTheDocument();
    expect(within(card).getByText('Risk score 100/100')).toBeInTheDocument();
    fireEvent.click(within(card).getByTestId('implement-suggestion'));

    await findToast('Suggestion implemented successfully!');
    expect(paths(requests)).toContain(`POST /api/portfolios/${portfolio.id}/suggestions/suggestion-3f9a0c2b7d41/implement`);
  });

  it('shows Failed to implement suggestion with the message', async () => {
    mockFetch(
      api({ post: () => jsonResponse({ error: 'KycRequired', message: 'Please complete KYC verification before trading. Go to Compliance page.' }, 403) }),
    );
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    fireEvent.click(await screen.findByRole('tab', { name: 'AI Suggestions' }));
    fireEvent.click(await screen.findByTestId('implement-suggestion'));

    await expectToast('Failed to implement suggestion', 'Please complete KYC verification before trading. Go to Compliance page.');
  });

  it('says No optimization suggestions available... and No analytics data available when there are none', async () => {
    mockFetch(api({ suggestions: [], analytics: someAnalytics({ daysAnalyzed: 0, series: [], allocation: [] }) }));
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    fireEvent.click(await screen.findByRole('tab', { name: 'AI Suggestions' }));
    expect(await screen.findByText('No optimization suggestions available...')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Analytics' }));
    expect(await screen.findByText('No analytics data available')).toBeInTheDocument();
  });

  it('shows the analytics figures for 30 days', async () => {
    const requests = mockFetch(api());
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Analytics' }));
    expect((await screen.findByTestId('analytics-total-return')).textContent).toBe('8.90%');
    expect(screen.getByTestId('analytics-sharpe').textContent).toBe('5.52');
    expect(screen.getByTestId('analytics-drawdown').textContent).toBe('10.00%');
    expect(screen.getByTestId('analytics-days').textContent).toBe('4');
    expect(screen.getByTestId('value-chart')).toBeInTheDocument();
    expect(paths(requests)).toContain(`GET /api/portfolios/${portfolio.id}/analytics?days=30`);
  });

  it('shows the market insights sentences, polled every 5 minutes', async () => {
    mockFetch(api());
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Market Insights' }));
    expect(await screen.findByText('Removals averaged $12.50 a credit against $4.00 for reductions: a removal premium of 212.5%.')).toBeInTheDocument();
    expect(marketInsightsQueryOptions().refetchInterval).toBe(MARKET_INSIGHTS_POLL_INTERVAL_MS);
    expect(MARKET_INSIGHTS_POLL_INTERVAL_MS).toBe(300_000);
  });

  it('shows an error when the list fails', async () => {
    mockFetch((request) =>
      request.url === '/api/auth/me' ? jsonResponse({ user: aUser({ id: 'user-1' }) }) : jsonResponse({ error: 'InternalError', message: 'boom' }, 500),
    );
    renderWithProviders(<PortfolioRoute />, { path: '/portfolio' });
    expect(await screen.findByText('Unable to load portfolios')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('boom')).toBeInTheDocument());
  });
});
