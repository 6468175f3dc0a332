import { Tooltip, TooltipContent, TooltipTrigger } from '../ui/tooltip.tsx';
import { takeFocusIfNoted, WHATSAPP_LABEL, WhatsAppLink } from './whatsapp-link.tsx';

export function WhatsAppTooltipLink() {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <WhatsAppLink ref={takeFocusIfNoted} />
      </TooltipTrigger>
      <TooltipContent side="left">{WHATSAPP_LABEL}</TooltipContent>
    </Tooltip>
  );
}
