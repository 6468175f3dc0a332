import { Link } from 'wouter';
import { UserX } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card.tsx';

/**
 * /booking?guardId= of a guard who is not taking bookings: said before the form, so nobody fills
 * it in for a booking the server would refuse. The client picks another guard instead.
 */
export function GuardUnavailable({ guardName }: { guardName: string }) {
  return (
    <Card>
      <CardHeader className="items-center gap-3 text-center">
        <UserX className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">{guardName} is unavailable</h1>
      </CardHeader>
      <CardContent className="text-center text-muted-foreground">
        <p>This guard is not taking bookings right now. Choose another guard, or book and let us assign one who is available.</p>
      </CardContent>
      <CardFooter className="flex flex-col-reverse justify-center gap-2 sm:flex-row">
        <Button asChild variant="outline">
          <Link to="/booking">Book any available guard</Link>
        </Button>
        <Button asChild>
          <Link to="/guards">Choose another guard</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
