#include "craster.h"
