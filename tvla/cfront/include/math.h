/* Minimal <math.h> for tvla's C front end. */
#ifndef _TVLA_MATH_H
#define _TVLA_MATH_H
double fabs(double x);
double sqrt(double x);
double pow(double x, double y);
double floor(double x);
double ceil(double x);
#endif
