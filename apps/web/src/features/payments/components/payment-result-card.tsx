import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';

interface PaymentResultCardProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** Buttons besides 'View My Bookings'. */
  actions?: ReactNode;
}

/** One outcome of /booking-success: a heading, what it means, and where to go next. */
export function PaymentResultCard({ icon, title, description, children, actions }: PaymentResultCardProps) {
  return (
    <Card className="text-center">
      <CardHeader className="items-center gap-3">
        {icon}
        <h1 className="text-2xl font-bold">{title}</h1>
        <CardDescription className="max-w-md">{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {children}
        <div className="flex flex-col-reverse justify-center gap-2 sm:flex-row">
          {actions}
          <Button asChild variant={actions ? 'outline' : 'default'}>
            <Link to="/dashboard">View My Bookings</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
