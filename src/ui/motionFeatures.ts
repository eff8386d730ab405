// framer-motion's gesture and animation code, fetched after first paint by the components that render `m`.
export { domMax as default } from 'framer-motion';
