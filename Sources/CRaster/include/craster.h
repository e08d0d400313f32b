#ifndef CRASTER_H
#define CRASTER_H
#include <stdint.h>
#endif
