import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inDays } from '@/test/booking-fixtures.ts';
import { continueButton, openWizard } from '@/test/booking-wizard.tsx';

// Journeys through several steps of a form: slower than one click on a busy machine.
describe('the booking wizard: steps 1 to 4', { timeout: 15_000 }, () => {
  it('opens on the service step with the header, progress and footer', async () => {
    const { dialog } = await openWizard();

    expect(dialog.getByRole('heading', { name: 'Choose Your Service' })).toBeInTheDocument();
    expect(dialog.getByText('Step 1 of 6')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Booking progress' })).toHaveAttribute('aria-valuenow', '1');
    const steps = within(dialog.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(['1Service', '2Guards', '3Schedule', '4Details', '5Summary', '6Payment']);
    expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    expect(continueButton()).toBeEnabled();
    expect(dialog.getByText('Booking with Otieno Kamau')).toBeInTheDocument();
  });

  it('offers the three services and moves on at once when one is chosen', async () => {
    const { dialog, user } = await openWizard();

    expect(dialog.getByRole('button', { name: /Personal Guard/ })).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.getByRole('button', { name: /Security Team/ })).toHaveTextContent('Typical: 2-10 guards');
    expect(dialog.getByRole('button', { name: /Elite Protection/ })).toHaveTextContent('Premium security with advanced training');
    await user.click(dialog.getByRole('button', { name: /Security Team/ }));

    expect(dialog.getByRole('heading', { name: 'Select Guards' })).toBeInTheDocument();
    expect(dialog.getByText(/Typical: 2-10 guards/)).toBeInTheDocument();
  });

  it('keeps the number of guards between 1 and 20 and asks for at least 1 when empty', async () => {
    const { dialog, user } = await openWizard();
    await user.click(continueButton());
    const guards = dialog.getByRole('spinbutton', { name: /Number of guards/ });
    expect(guards).toHaveValue(1);
    expect(dialog.getByRole('radio', { name: /Otieno Kamau/ })).toBeChecked();

    await user.clear(guards);
    expect(dialog.getByText('Please enter at least 1 guard')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    await user.type(guards, '0');
    expect(guards).toHaveValue(1);
    await user.clear(guards);
    await user.type(guards, '35');
    expect(guards).toHaveValue(20);
    expect(continueButton()).toBeEnabled();
  });

  it('needs a start date and at least 6 hours, and switches between hourly and daily', async () => {
    const { dialog, user } = await openWizard();
    await user.click(continueButton());
    await user.click(continueButton());
    expect(dialog.getByRole('heading', { name: 'Schedule Service' })).toBeInTheDocument();
    expect(dialog.getByText('Please select a start date.')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();

    const date = dialog.getByLabelText(/^Date/);
    expect(date).toHaveAttribute('min', inDays(0));
    // The settings' max advance booking days (30 by default) end the picker.
    expect(date).toHaveAttribute('max', inDays(30));
    fireEvent.change(date, { target: { value: inDays(2) } });
    expect(dialog.queryByText('Please select a start date.')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();

    const hours = dialog.getByRole('spinbutton', { name: /Duration/ });
    // The settings' default booking duration (8 hours by default) fills it in.
    expect(hours).toHaveValue(8);
    expect(hours).toHaveAttribute('placeholder', 'Minimum 6 hours');
    await user.clear(hours);
    await user.type(hours, '5');
    expect(dialog.getByText('Minimum booking is 6 hours.')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.tab();
    expect(hours).toHaveValue(6);
    expect(continueButton()).toBeEnabled();

    await user.click(dialog.getByRole('radio', { name: /Daily/ }));
    expect(hours).toHaveValue(24);
    expect(hours).toBeDisabled();
    expect(dialog.getAllByText('Please select start and end dates for daily booking.')).toHaveLength(1);
    expect(continueButton()).toBeDisabled();
    const endDate = dialog.getByLabelText(/End date/);
    expect(endDate).toHaveAttribute('min', inDays(2));
    fireEvent.change(endDate, { target: { value: inDays(1) } });
    expect(dialog.getByText('The end date cannot be before the start date.')).toBeInTheDocument();
    fireEvent.change(endDate, { target: { value: inDays(4) } });
    expect(continueButton()).toBeEnabled();

    await user.click(dialog.getByRole('radio', { name: /Hourly/ }));
    expect(hours).toHaveValue(6);
    await user.click(dialog.getByRole('radio', { name: /Daily/ }));
    expect(dialog.getByLabelText(/End date/)).toHaveValue('');
  });

  it('needs an area, a specific place for Other, and clears the address for any other area', async () => {
    const { dialog, user } = await openWizard();
    await user.click(continueButton());
    await user.click(continueButton());
    fireEvent.change(dialog.getByLabelText(/^Date/), { target: { value: inDays(2) } });
    await user.click(continueButton());

    expect(dialog.getByRole('heading', { name: 'Service Details' })).toBeInTheDocument();
    expect(dialog.getByText('Please select a location.')).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    expect(dialog.getByRole('radio', { name: /Business Suit/ })).toBeChecked();
    expect(dialog.getByRole('radio', { name: /Tactical Uniform/ })).not.toBeChecked();

    await user.selectOptions(dialog.getByRole('combobox', { name: /Location/ }), 'Other');
    expect(dialog.getByText('Please specify the location.')).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /Specific location/ }), '   ');
    expect(continueButton()).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: /Specific location/ }), 'Two Rivers Mall');
    expect(continueButton()).toBeEnabled();

    await user.selectOptions(dialog.getByRole('combobox', { name: /Location/ }), 'Karen');
    expect(dialog.getByRole('textbox', { name: /Address/ })).toHaveValue('');
    expect(continueButton()).toBeEnabled();
  });

  it('closes on Escape and starts afresh when opened again', async () => {
    const { dialog, user } = await openWizard();
    await user.click(dialog.getByRole('button', { name: /Elite Protection/ }));
    await user.clear(dialog.getByRole('spinbutton', { name: /Number of guards/ }));
    await user.type(dialog.getByRole('spinbutton', { name: /Number of guards/ }), '4');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book This Guard' }));
    const reopened = within(await screen.findByRole('dialog'));
    expect(reopened.getByRole('heading', { name: 'Choose Your Service' })).toBeInTheDocument();
    expect(reopened.getByRole('button', { name: /Personal Guard/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(continueButton());
    expect(reopened.getByRole('spinbutton', { name: /Number of guards/ })).toHaveValue(1);
  });
});
