/* Cost of the directory operations an atomic copy adds, without the JVM:
 * gcc -O2 -o /tmp/dirops docs/measure/dirops.c && mkdir -p DIR && /tmp/dirops DIR
 * (see docs/BENCHMARKS.md, "copy"). */
#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>
#include <time.h>
#include <stdlib.h>
static double now(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
int main(int c,char**v){ char a[256],b[256]; snprintf(a,256,"%s/.tmpx",v[1]); snprintf(b,256,"%s/out",v[1]);
 double tc=0,tr=0,tu=0,tl=0; int n=20000;
 for(int i=0;i<n;i++){ double t0=now(); int fd=open(a,O_WRONLY|O_CREAT|O_EXCL,0644); close(fd); double t1=now(); rename(a,b); double t2=now(); unlink(b); double t3=now();
   fd=open(a,O_WRONLY|O_CREAT|O_EXCL,0644); close(fd); double t4=now(); link(a,b); unlink(a); double t5=now(); unlink(b);
   tc+=t1-t0; tr+=t2-t1; tu+=t3-t2; tl+=t5-t4; }
 printf("create+close %.2f us, rename %.2f us, unlink %.2f us, link+unlink %.2f us\n", tc/n/1e3, tr/n/1e3, tu/n/1e3, tl/n/1e3); }
