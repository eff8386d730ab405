import './ui/global.css';
import { boot } from './app/boot/order';

// The first script only starts the shop, in the order src/app/boot/order.ts gives.
void boot();
