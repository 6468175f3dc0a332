import { useState } from 'react';
import { Link } from 'wouter';
import { FileText, MapPinned, Printer, QrCode } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { messageFrom, notifyError, notifySuccess } from '@/lib/notify.ts';
import { useBookingSite, usePinSite } from '../api/booking-site.ts';
import { currentPosition } from '../utils/position.ts';

/** The client's tools for a paid booking: the site code and its QR code for the post, the pin, the report. */
export function BookingShiftActions({ bookingId, reference, canPin = true }: { bookingId: string; reference: string; canPin?: boolean }) {
  return (
    <>
      <SiteCodeDialog bookingId={bookingId} reference={reference} canPin={canPin} />
      <Button asChild variant="outline" size="sm">
        <Link to={`/bookings/${bookingId}/report`}>
          <FileText aria-hidden="true" />
          Shift report
        </Link>
      </Button>
    </>
  );
}

/** A pin as a person can check it on a map: latitude and longitude to about a metre. */
const placeOf = (p: { latitude: number; longitude: number }) => `${p.latitude.toFixed(5)}, ${p.longitude.toFixed(5)}`;

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A page to print and leave at the post: the QR code and the code in large letters. */
function printQr(reference: string, code: string, svg: string) {
  const page = window.open('', '_blank', 'width=480,height=640');
  if (!page) {
    notifyError('The print page was blocked. Allow pop-ups for this site and press Print QR code again.');
    return;
  }
  const doc = page.document;
  doc.title = `Site code ${code}`;
  const box = doc.createElement('div');
  box.style.cssText = 'font-family:sans-serif;text-align:center;padding:24px';
  const heading = doc.createElement('h1');
  heading.textContent = `Security post: booking ${reference}`;
  const image = doc.createElement('img');
  image.src = svgUrl(svg);
  image.alt = 'QR code';
  image.style.width = '280px';
  const big = doc.createElement('p');
  big.textContent = code;
  big.style.cssText = 'font-size:28px;letter-spacing:6px;font-weight:bold';
  const hint = doc.createElement('p');
  hint.textContent = 'Guard: scan this code or type it when you check in.';
  box.append(heading, image, big, hint);
  doc.body.append(box);
  image.onload = () => page.print();
}

/** The site code and QR code; 'Pin the site here' while the booking is still to be worked (canPin). */
export function SiteCodeDialog({ bookingId, reference, canPin }: { bookingId: string; reference: string; canPin: boolean }) {
  const [open, setOpen] = useState(false);
  const site = useBookingSite(bookingId, open);
  const pin = usePinSite(bookingId);
  const [pinning, setPinning] = useState(false);

  const pinHere = async () => {
    setPinning(true);
    const position = await currentPosition();
    setPinning(false);
    if (!position) {
      notifyError('Your phone did not give a location. Allow location for this site and try again at the post.');
      return;
    }
    try {
      await pin.mutateAsync(position);
      notifySuccess(
        'Site pinned',
        `Saved ${placeOf(position)}, to within ${Math.round(position.accuracyMeters)} m. Guards checking in near this spot are verified at the site.`,
      );
    } catch (error) {
      notifyError(messageFrom(error, 'The site could not be pinned'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <QrCode aria-hidden="true" />
          Site code
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Site code for {reference}</DialogTitle>
          <DialogDescription>
            Give this code to the guard on arrival, or print the QR code and leave it at the post: a guard who checks in with it is verified at the site.
          </DialogDescription>
        </DialogHeader>
        {site.isPending ? <Spinner /> : null}
        {site.isError ? <p className="text-sm text-destructive">{messageFrom(site.error, 'The site code could not be loaded.')}</p> : null}
        {site.data ? (
          <div className="grid gap-4 text-center">
            <p className="font-mono text-3xl font-bold tracking-[0.3em]" aria-label={`Site code ${site.data.siteCode.split('').join(' ')}`}>
              {site.data.siteCode}
            </p>
            <img className="mx-auto w-48" src={svgUrl(site.data.qrSvg)} alt={`QR code for checking in to ${reference}`} />
            <p className="text-sm text-muted-foreground">
              {site.data.pin
                ? `The site is pinned at ${placeOf(site.data.pin)}: guards checking in near it are verified by their location too.`
                : 'At the site, pin it from your phone so guards can be verified by their location too.'}
            </p>
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={() => printQr(reference, site.data.siteCode, site.data.qrSvg)}>
                <Printer aria-hidden="true" />
                Print QR code
              </Button>
              {canPin ? (
                <Button onClick={() => void pinHere()} disabled={pinning || pin.isPending}>
                  <MapPinned aria-hidden="true" />
                  {site.data.pin ? 'Pin the site here again' : 'Pin the site here'}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
